import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** An SMTP server on loopback that keeps every message sent to it, as tests' mail server. */
export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  port: number;
  /** Each message as it came over the wire (headers and body), oldest first. */
  received: string[];
  /** The envelope recipients of each message, beside `received`. */
  recipients: string[][];
  /** How many of the next messages to refuse with a 451, as a busy server does. */
  refuseNext: number;
  close(): Promise<void>;
}

export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        if (sink.refuseNext > 0) {
          sink.refuseNext--;
          callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }));
          return;
        }
        sink.received.push(raw);
        sink.recipients.push(session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.server.address() as AddressInfo).port;
  const sink: SmtpSink = {
    url: `smtp://127.0.0.1:${bound}`,
    port: bound,
    received: [],
    recipients: [],
    refuseNext: 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return sink;
}
