import { Flash } from '@primer/react';
import { useEffect, useState } from 'react';
import { A } from '../accountTexts.ts';

/** Where "Delete my account" leaves word for the sign-in page that it was done (read once). */
export const ACCOUNT_DELETED_KEY = 'fluxion:account-deleted';

/** On the sign-in page, once, after "Delete my account": says it was done and what stayed. */
export function AccountDeletedNote() {
  const [shown] = useState(() => sessionStorage.getItem(ACCOUNT_DELETED_KEY) !== null);
  useEffect(() => sessionStorage.removeItem(ACCOUNT_DELETED_KEY), []);
  if (!shown) return null;
  return (
    <Flash variant="success" role="status">
      {A.done}
    </Flash>
  );
}
