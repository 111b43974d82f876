export function GlobalDialogs() {
  return null;
}
