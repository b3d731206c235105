import type { Profile } from '@fluxion/contract';
import { SignOutIcon, TriangleDownIcon, PersonIcon } from '@primer/octicons-react';
import { ActionList, ActionMenu, Avatar } from '@primer/react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../auth/context.ts';
import { T } from '../../texts.ts';
import styles from './TopNav.module.css';

export const DEFAULT_AVATAR = '/default-avatar.svg';

export function AvatarMenu({ user }: { user: Profile }) {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const [broken, setBroken] = useState(false);
  const src = user.avatar_url && !broken ? user.avatar_url : DEFAULT_AVATAR;

  return (
    <ActionMenu>
      <ActionMenu.Anchor>
        <button type="button" className={styles.avatarButton} aria-label={T.nav.userMenu}>
          <Avatar src={src} size={32} alt={user.username} onError={() => setBroken(true)} />
          <TriangleDownIcon />
        </button>
      </ActionMenu.Anchor>
      <ActionMenu.Overlay width="small" align="end">
        <ActionList>
          <ActionList.GroupHeading>{user.username}</ActionList.GroupHeading>
          <ActionList.Item onSelect={() => navigate('/account')}>
            <ActionList.LeadingVisual>
              <PersonIcon />
            </ActionList.LeadingVisual>
            {T.nav.account}
          </ActionList.Item>
          <ActionList.Divider />
          <ActionList.Item variant="danger" onSelect={() => void logout()}>
            <ActionList.LeadingVisual>
              <SignOutIcon />
            </ActionList.LeadingVisual>
            {T.nav.logout}
          </ActionList.Item>
        </ActionList>
      </ActionMenu.Overlay>
    </ActionMenu>
  );
}
