/**
 * A record's id as the address carries it (`?work=`, `?id=`, `:liveId`): a whole number from 1, else
 * null (absent, empty, not a number), which the page shows as a record that does not exist.
 */
export function recordIdOf(text: string | null | undefined): number | null {
  const id = Number(text);
  return Number.isInteger(id) && id > 0 ? id : null;
}
