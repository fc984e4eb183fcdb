import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface TMailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface TMail {
  to: string;
  subject: string;
  text: string;
  /** Where replies go (the support form: the asking user). */
  replyTo?: string;
  /** Files sent with the mail (reports: the PDF and the workbook). */
  attachments?: TMailAttachment[];
}

export interface TMailer {
  send(mail: TMail): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise the mail drop: each mail becomes an RFC 822 `.eml` under DATA_DIR/mail. One
 * with attachments is built by nodemailer itself (its stream transport), so they are MIME parts a mail client opens.
 */
export function createMailer(opts: { smtpUrl?: string; dataDir: string; from: string }): TMailer {
  const message = (mail: TMail) => ({
    from: opts.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    replyTo: mail.replyTo,
    attachments: mail.attachments?.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
  });
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail(message(mail));
      },
    };
  }
  const dir = path.join(opts.dataDir, 'mail');
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send(mail) {
      await mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`;
      // A plain mail keeps its body as written (8bit): a link in it stays on one line for whoever reads the drop
      // (people, and the e2e tests that follow a reset link). nodemailer would quoted-printable-wrap a long line.
      const body = mail.attachments?.length
        ? ((await builder.sendMail(message(mail))).message as Buffer)
        : `From: ${opts.from}\r\nTo: ${mail.to}\r\n${mail.replyTo ? `Reply-To: ${mail.replyTo}\r\n` : ''}Subject: ${mail.subject}\r\nDate: ${new Date().toUTCString()}\r\nMIME-Version: 1.0\r\n` +
          `Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n${mail.text}\r\n`;
      await writeFile(path.join(dir, name), body, { mode: 0o600 });
    },
  };
}
