import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { Config } from '#shared/config/env.ts';
import { newId } from '#shared/ids.ts';

/** The mail port: invitations leave through Amazon SES in AWS, and as files under `MAIL_DIR` locally. */
export type MailMessage = { to: string; subject: string; text: string };
export type Mailer = { send: (message: MailMessage) => Promise<void> };

/** Locally: one `.eml`-like text file per message, and the message printed, so a developer can follow the link. */
export function fileMailer(dir: string, from: string): Mailer {
  return {
    async send(message) {
      await mkdir(dir, { recursive: true });
      const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${newId()}.txt`);
      const text = `From: ${from}\nTo: ${message.to}\nSubject: ${message.subject}\n\n${message.text}\n`;
      await writeFile(file, text, { mode: 0o600 });
      process.stdout.write(`mail to ${message.to} written to ${file}\n${message.text}\n`);
    },
  };
}

let ses: SESv2Client | undefined;

export function sesMailer(region: string, from: string): Mailer {
  return {
    async send(message) {
      ses ??= new SESv2Client({ region });
      await ses.send(
        new SendEmailCommand({
          FromEmailAddress: from,
          Destination: { ToAddresses: [message.to] },
          Content: {
            Simple: { Subject: { Data: message.subject }, Body: { Text: { Data: message.text } } },
          },
        }),
      );
    },
  };
}

export const mailerFor = (config: Pick<Config, 'console' | 'region'>): Mailer =>
  config.console.mailDir
    ? fileMailer(config.console.mailDir, config.console.mailFrom)
    : sesMailer(config.region, config.console.mailFrom);
