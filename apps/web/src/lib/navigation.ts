/** Navigation for code outside React components (the API client, app start). */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigate: Navigate = (to) => {
  window.location.assign(to);
};

export function registerNavigator(fn: Navigate) {
  navigate = fn;
}

export function navigateTo(to: string, options?: { replace?: boolean }) {
  navigate(to, options);
}
