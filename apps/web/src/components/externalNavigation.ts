/** Leaves the app for another site (partner pages, chat links); an object so tests can replace `open`. */
export const externalNavigation = {
  open(url: string): void {
    window.location.assign(url);
  },
};
