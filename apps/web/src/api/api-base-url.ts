/**
 * Where the API lives, from VITE_API_BASE_URL ('/' means this origin, which is how the API
 * serves the built app). When it is missing we say so once and use this origin.
 */
function resolveApiBaseUrl(value: string | undefined = import.meta.env.VITE_API_BASE_URL): string {
  if (value === undefined || value === '') {
    console.warn('Missing environment variable: VITE_API_BASE_URL');
    return '';
  }
  return value.replace(/\/+$/, '');
}

export const API_BASE_URL = resolveApiBaseUrl();
export const API_PREFIX = `${API_BASE_URL}/api/v1`;
