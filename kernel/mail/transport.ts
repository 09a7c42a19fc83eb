import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { SendMailOptions } from 'nodemailer';

/** Delivers one built message; returns the Message-ID it went out with. */
export interface MailTransport {
  send(mail: SendMailOptions): Promise<{ messageId: string; file?: string }>;
}

/** SMTP through nodemailer, with the settings of `SMTP_URL` (`smtp://user:pass@host:port`, `smtps://…`). */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    async send(mail) {
      const info = await transporter.sendMail(mail);
      return { messageId: info.messageId };
    },
  };
}

/** Without SMTP: each mail is written as an RFC 822 `.eml` file into `dir` (DATA_DIR/mail/). */
export function fileTransport(dir: string, now: () => Date): MailTransport {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send(mail) {
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
