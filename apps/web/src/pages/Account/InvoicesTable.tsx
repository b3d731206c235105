import type { InvoiceRow } from '@fluxion/contract';
import { LinkExternalIcon } from '@primer/octicons-react';
import { Link } from '@primer/react';
import { B } from '../../billingTexts.ts';
import { formatDate } from '../../lib/format.ts';
import styles from './Account.module.css';

/** Past invoices: date, amount, status and Stripe's hosted page of each. */
export function InvoicesTable({ invoices, label }: { invoices: InvoiceRow[]; label: string }) {
  const t = B.invoices;
  if (invoices.length === 0) return <p className={styles.muted}>{t.none}</p>;
  return (
    <table className={styles.invoices} aria-label={label}>
      <thead>
        <tr>
          <th scope="col">{t.date}</th>
          <th scope="col">{t.amount}</th>
          <th scope="col">{t.status}</th>
          <th scope="col">
            <span className={styles.hidden}>{t.open}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {invoices.map((invoice) => (
          <tr key={invoice.id}>
            <td>{formatDate(invoice.date)}</td>
            <td>{invoice.display}</td>
            <td>{t.statusName[invoice.status] ?? invoice.status}</td>
            <td>
              {invoice.hosted_invoice_url && (
                <Link href={invoice.hosted_invoice_url} target="_blank" rel="noreferrer">
                  {t.open} <LinkExternalIcon size={12} />
                </Link>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
