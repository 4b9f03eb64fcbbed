/**
 * Leaves the SPA with a real page load (after sign-in the app starts fresh at the target, with no
 * state of the signed-out pages). Kept in its own module so component tests can replace it; jsdom cannot navigate.
 */
export function fullPageLoad(path: string): void {
  window.location.assign(path);
}
