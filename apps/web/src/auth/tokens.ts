/** Tokens live in local storage under these keys (docs/api.md, Sign-in and session). */
export const ACCESS_KEY = 'access_token';
export const REFRESH_KEY = 'refresh_token';

export type TokenPair = { access: string; refresh: string };

export type TokenStore = {
  getAccess: () => string | null;
  getRefresh: () => string | null;
  setAccess: (access: string) => void;
  save: (tokens: TokenPair) => void;
  clear: () => void;
};

export function createTokenStore(storage: Storage): TokenStore {
  return {
    getAccess: () => storage.getItem(ACCESS_KEY),
    getRefresh: () => storage.getItem(REFRESH_KEY),
    setAccess: (access) => storage.setItem(ACCESS_KEY, access),
    save: ({ access, refresh }) => {
      storage.setItem(ACCESS_KEY, access);
      storage.setItem(REFRESH_KEY, refresh);
    },
    clear: () => {
      storage.removeItem(ACCESS_KEY);
      storage.removeItem(REFRESH_KEY);
    },
  };
}
