import type { AccountDeletion } from '@fluxion/contract';
import { DownloadIcon, TrashIcon } from '@primer/octicons-react';
import { Button, ConfirmationDialog, Link } from '@primer/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { A } from '../../accountTexts.ts';
import { deleteAccount, getAccountData, getAccountDeletion } from '../../api/account.ts';
import { useAuth } from '../../auth/context.ts';
import { ACCOUNT_DELETED_KEY } from '../../components/AccountDeletedNote.tsx';
import { Card } from '../../components/Page.tsx';
import { download } from '../../lib/exportImage.ts';
import { formatDate } from '../../lib/format.ts';
import styles from './Account.module.css';

/** What the confirmation says: every effect, the boards that go and those that stay, the plan's end. */
export function deletionText(deletion: AccountDeletion | undefined, failed: boolean): string[] {
  if (!deletion) return [failed ? A.checkFailed : A.checking];
  const titles = (boards: AccountDeletion['kept_boards']) => boards.map((b) => `${b.title} (${b.full_name})`);
  return [
    A.effects,
    A.deleted(titles(deletion.deleted_boards)),
    A.kept(titles(deletion.kept_boards)),
    deletion.plan_ends_at ? A.planEnds(formatDate(deletion.plan_ends_at)) : '',
  ].filter((line) => line !== '');
}

/** "Your data": download everything Fluxion keeps of the user, or delete the account after a confirmation. */
export function YourDataCard() {
  const { logout } = useAuth();
  const [busy, setBusy] = useState<'download' | 'delete' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const downloadData = async () => {
    setBusy('download');
    setError(null);
    try {
      const data = await getAccountData();
      const day = data.exported_at.slice(0, 10);
      download(
        new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
        `fluxion-data-${day}.json`,
      );
    } catch {
      setError(A.downloadFailed);
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setBusy('delete');
    setError(null);
    try {
      await deleteAccount();
      sessionStorage.setItem(ACCOUNT_DELETED_KEY, '1');
      await logout();
    } catch {
      setError(A.deleteFailed);
      setBusy(null);
    }
  };

  return (
    <Card className={styles.wide}>
      <h2 className={styles.heading}>{A.title}</h2>
      <p className={`${styles.muted} ${styles.lead}`}>
        {A.lead}{' '}
        <Link href="/privacy.html" target="_blank" rel="noreferrer">
          {A.privacy}
        </Link>
      </p>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <div className={styles.buttons}>
        <Button
          leadingVisual={DownloadIcon}
          loading={busy === 'download'}
          onClick={() => void downloadData()}
        >
          {A.download}
        </Button>
        <Button
          variant="danger"
          leadingVisual={TrashIcon}
          loading={busy === 'delete'}
          onClick={() => setConfirming(true)}
        >
          {A.deleteButton}
        </Button>
      </div>
      {confirming && (
        <DeleteAccountDialog
          onClose={(confirmed) => {
            setConfirming(false);
            if (confirmed) void remove();
          }}
        />
      )}
    </Card>
  );
}

function DeleteAccountDialog({ onClose }: { onClose: (confirmed: boolean) => void }) {
  const deletion = useQuery({
    queryKey: ['account-deletion'],
    queryFn: getAccountDeletion,
    gcTime: 0,
    retry: false,
  });
  return (
    <ConfirmationDialog
      title={A.confirmTitle}
      confirmButtonContent={A.confirm}
      confirmButtonType="danger"
      cancelButtonContent={A.cancel}
      onClose={(gesture) => onClose(gesture === 'confirm')}
    >
      <div role="status">
        {deletionText(deletion.data, deletion.isError).map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
    </ConfirmationDialog>
  );
}
