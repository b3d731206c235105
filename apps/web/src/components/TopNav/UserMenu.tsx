import type { Profile } from '@fluxion/contract';
import { PersonIcon, ProjectIcon, SignOutIcon } from '@primer/octicons-react';
import { ActionList, ActionMenu } from '@primer/react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../auth/context.ts';
import { T } from '../../texts.ts';
import { AvatarButton } from './AvatarButton.tsx';

/** The user menu itself; loaded by AvatarMenu after the first render. */
export function UserMenu({
  user,
  open,
  onOpenChange,
}: {
  user: Profile;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { logout } = useAuth();
  const navigate = useNavigate();

  return (
    <ActionMenu open={open} onOpenChange={onOpenChange}>
      <ActionMenu.Anchor>
        <AvatarButton user={user} />
      </ActionMenu.Anchor>
      <ActionMenu.Overlay width="small" align="end">
        <ActionList>
          <ActionList.GroupHeading>{user.username}</ActionList.GroupHeading>
          <ActionList.Item onSelect={() => navigate('/manage-projects')}>
            <ActionList.LeadingVisual>
              <ProjectIcon />
            </ActionList.LeadingVisual>
            {T.nav.projects}
          </ActionList.Item>
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
