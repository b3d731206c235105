import type { Profile } from '@fluxion/contract';
import { TriangleDownIcon } from '@primer/octicons-react';
import type { ComponentProps } from 'react';
import { T } from '../../frameTexts.ts';
import { UserAvatar } from '../UserAvatar.tsx';
import styles from './TopNav.module.css';

/** The user menu's button: the avatar and a caret. `ref` and the menu's handlers pass through. */
export function AvatarButton({ user, ...props }: { user: Profile } & ComponentProps<'button'>) {
  return (
    <button type="button" className={styles.avatarButton} aria-label={T.nav.userMenu} {...props}>
      <UserAvatar src={user.avatar_url} size={32} alt={user.username} />
      <TriangleDownIcon />
    </button>
  );
}
