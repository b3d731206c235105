import type { Profile } from '@fluxion/contract';
import { lazy, Suspense, useState } from 'react';
import { AvatarButton } from './AvatarButton.tsx';

/**
 * Primer's ActionMenu and its overlay are about 30 kB of gzipped JavaScript: the menu's code loads when
 * the avatar first shows, after the first render, and the same button stands in until it is there; a
 * click meanwhile opens the menu once it is (docs/performance.md, "First load of the web app").
 */
const UserMenu = lazy(() => import('./UserMenu.tsx').then((m) => ({ default: m.UserMenu })));

export function AvatarMenu({ user }: { user: Profile }) {
  const [open, setOpen] = useState(false);
  return (
    <Suspense fallback={<AvatarButton user={user} aria-haspopup="true" onClick={() => setOpen(true)} />}>
      <UserMenu user={user} open={open} onOpenChange={setOpen} />
    </Suspense>
  );
}
