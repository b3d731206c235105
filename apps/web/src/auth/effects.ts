import { clearTokenCookies, parseCookies } from './cookies.ts';
import type { AuthEffect, StartupInput } from './machine.ts';
import type { TokenStore } from './tokens.ts';

export function readStartupInput(tokens: TokenStore): StartupInput {
  const { pathname, search, hash } = window.location;
  return {
    stored: { access: tokens.getAccess(), refresh: tokens.getRefresh() },
    cookies: parseCookies(document.cookie),
    location: { pathname, search, hash },
  };
}

/** Carries out the effects the pure auth machine asks for. */
export function runEffects(
  effects: AuthEffect[],
  tokens: TokenStore,
  navigate: (path: string) => void,
): void {
  for (const effect of effects) {
    switch (effect.type) {
      case 'saveTokens':
        tokens.save(effect.tokens);
        break;
      case 'clearTokens':
        tokens.clear();
        break;
      case 'clearCookies':
        clearTokenCookies();
        break;
      case 'replaceUrl':
        window.history.replaceState(window.history.state, '', effect.url);
        break;
      case 'reload':
        window.location.replace(effect.url);
        break;
      case 'navigate':
        navigate(effect.path);
        break;
      case 'redirect':
        window.location.assign(effect.url);
        break;
    }
  }
}
