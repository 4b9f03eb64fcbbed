import { API_BASE_URL } from '../api/api-base-url';

/** Avatars the API generates are paths on the API's origin; https URLs are used as they are. */
export const assetUrl = (url: string) => (url.startsWith('/') ? `${API_BASE_URL}${url}` : url);
