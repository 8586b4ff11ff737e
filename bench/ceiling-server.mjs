// The machine's ceiling: a bare node:http server answering the waitlist path with a no-op.
import http from 'node:http';

const port = Number(process.env.PORT ?? 0);
const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"status":"success"}');
  });
});
server.listen(port, '127.0.0.1', () => console.log(`listening on ${server.address().port}`));
