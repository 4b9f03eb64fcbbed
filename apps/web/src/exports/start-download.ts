/**
 * Hands an address to the browser as a download: a link with `download`, clicked once. The page stays
 * (the API answers with an attachment), and a single-use link is opened exactly once.
 */
export function startDownload(url: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}
