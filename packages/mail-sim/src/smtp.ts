import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { Inbox } from './store.ts';

const addresses = (value: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((a) => a.value.map((v) => v.address ?? ''));

/** An SMTP server that accepts every message (no TLS, no authentication) into the inbox. */
export function smtpCatcher(inbox: Inbox): SMTPServer {
  return new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const fault = inbox.take('smtp');
          if (fault) {
            const error = Object.assign(new Error(fault.message), { responseCode: fault.code });
            callback(error);
            return;
          }
          const headers: Record<string, string> = {};
          for (const line of parsed.headerLines)
            headers[line.key] = line.line.slice(line.key.length + 1).trim();
          const hold = inbox.take('hold');
          inbox.addMail({
            from: addresses(parsed.from)[0] ?? '',
            to: addresses(parsed.to),
            subject: parsed.subject ?? '',
            messageId: parsed.messageId ?? null,
            headers,
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : null,
          });
          if (hold) setTimeout(() => callback(), hold.ms);
          else callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
}
