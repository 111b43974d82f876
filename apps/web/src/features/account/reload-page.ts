/** Reloads the page; one seam so tests can watch the reloads the account flows ask for. */
export function reloadPage() {
  window.location.reload();
}
