import type { Profile } from '@fluxion/contract';
import { SignOutIcon, TriangleDownIcon, PersonIcon } from '@primer/octicons-react';
import { ActionList, ActionMenu } from '@primer/react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../auth/context.ts';
import { T } from '../../texts.ts';
import { UserAvatar } from '../UserAvatar.tsx';
import styles from './TopNav.module.css';

export function AvatarMenu({ user }: { user: Profile }) {
  const { logout } = useAuth();
  const navigate = useNavigate();

  return (
    <ActionMenu>
      <ActionMenu.Anchor>
        <button type="button" className={styles.avatarButton} aria-label={T.nav.userMenu}>
          <UserAvatar src={user.avatar_url} size={32} alt={user.username} />
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
