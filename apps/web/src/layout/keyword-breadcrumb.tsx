export function KeywordBreadcrumb() {
  return null;
}
