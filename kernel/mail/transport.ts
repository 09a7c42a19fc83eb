import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { SendMailOptions, Transporter } from 'nodemailer';

// nodemailer is loaded with the first mail, not at start: a store that sends none never holds it.
async function nodemailer(): Promise<typeof import('nodemailer').default> {
  return (await import('nodemailer')).default;
}

/** Delivers one built message; returns the Message-ID it went out with. */
export interface MailTransport {
  send(mail: SendMailOptions): Promise<{ messageId: string; file?: string }>;
}

/** SMTP through nodemailer, with the settings of `SMTP_URL` (`smtp://user:pass@host:port`, `smtps://…`). */
export function smtpTransport(url: string): MailTransport {
  let transporter: Transporter | undefined;
  return {
    async send(mail) {
      transporter ??= (await nodemailer()).createTransport(url);
      const info = await transporter.sendMail(mail);
      return { messageId: info.messageId };
    },
  };
}

/** Without SMTP: each mail is written as an RFC 822 `.eml` file into `dir` (DATA_DIR/mail/). */
export function fileTransport(dir: string, now: () => Date): MailTransport {
  let builder: Transporter | undefined;
  return {
    async send(mail) {
      builder ??= (await nodemailer()).createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
      const info = await builder.sendMail(mail);
      await fs.mkdir(dir, { recursive: true });
      const stamp = now().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${crypto.randomBytes(4).toString('hex')}.eml`);
      // Written under a temporary name and renamed, so a reader never sees half a file.
      await fs.writeFile(`${file}.tmp`, info.message as Buffer);
      await fs.rename(`${file}.tmp`, file);
      return { messageId: info.messageId, file };
    },
  };
}
