/** Leaves the app for another site (partner pages, chat links); an object so tests can replace `open`. */
export const externalNavigation = {
  open(url: string): void {
    window.location.assign(url);
  },
  /** Leaves in place of the current entry, so the back button skips the page that only forwarded. */
  replace(url: string): void {
    window.location.replace(url);
  },
};
