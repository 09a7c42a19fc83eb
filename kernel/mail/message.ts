/** One mail as plugins hand it to the kernel: plain text always, HTML optionally. */
export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

export const MAIL_JOB = 'kernel.mail.send';

/** An address shortened for logs at info level: `j***@example.com`. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${address[0]}***${address.slice(at)}`;
}

/** The recipients of a message as a list. */
export function recipients(message: MailMessage): string[] {
  return (Array.isArray(message.to) ? message.to : [message.to]).map((a) => a.trim()).filter(Boolean);
}
