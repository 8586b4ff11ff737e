// A local SMTP sink in its own process (bench/announcement-mail.ts): accepts every message and discards it; tells
// its parent the port once listening, and the number received whenever asked.
import { SMTPServer } from 'smtp-server';

let received = 0;
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    stream.on('data', () => undefined);
    stream.on('end', () => {
      received += 1;
      callback();
    });
  },
});
process.on('message', (message) => {
  if (message === 'count') process.send({ received });
  if (message === 'reset') received = 0;
});
sink.listen(0, '127.0.0.1', () => process.send({ port: sink.server.address().port }));
