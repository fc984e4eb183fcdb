import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface TMail {
  to: string;
  subject: string;
  text: string;
}

export interface TMailer {
  send(mail: TMail): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise each mail becomes an .eml-like file under DATA_DIR/mail. */
export function createMailer(opts: { smtpUrl?: string; dataDir: string; from: string }): TMailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
      },
    };
  }
  const dir = path.join(opts.dataDir, 'mail');
  return {
    async send(mail) {
      await mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`;
      const body = `From: ${opts.from}\nTo: ${mail.to}\nSubject: ${mail.subject}\nDate: ${new Date().toUTCString()}\n\n${mail.text}\n`;
      await writeFile(path.join(dir, name), body, { mode: 0o600 });
    },
  };
}
