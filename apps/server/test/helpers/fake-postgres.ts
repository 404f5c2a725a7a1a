/**
 * A loopback TCP server that speaks just enough of PostgreSQL's wire protocol to fail the way a real
 * server does when it goes away, so that tests get the errors postgres.js really produces without
 * stopping anyone's database: an ErrorResponse with a SQLSTATE at connection time (57P03 while starting
 * up or shutting down) or on the first query (57P01 after `pg_terminate_backend`), a socket closed under
 * a query (also inside a transaction), or no answer at all. The bytes are those PostgreSQL sends (protocol 3.0, "Message Formats").
 */
import net from 'node:net';

export type FakePostgresBehaviour =
  /** Refuse the connection at startup with this FATAL SQLSTATE (57P03: "the database system is starting up"). */
  | { kind: 'refuse-startup'; sqlstate: string; message: string }
  /** Accept the session, then answer the first query with this error (FATAL closes the socket after it). */
  | { kind: 'fail-query'; severity: 'ERROR' | 'FATAL'; sqlstate: string; message: string }
  /** Accept the session, then close the socket when a query arrives, without a word. */
  | { kind: 'close-on-query' }
  /** Accept the session and a BEGIN, then close the socket on the next query: a transaction cut mid-way. */
  | { kind: 'close-in-transaction' }
  /** Accept the TCP connection and never answer. */
  | { kind: 'silent' };

export interface FakePostgres {
  url: string;
  close(): Promise<void>;
}

/** One backend message: a type byte, then an int32 length that counts itself but not the type byte. */
function message(type: string, body: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.write(type, 0, 'latin1');
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}

function errorResponse(severity: string, sqlstate: string, text: string): Buffer {
  const field = (code: string, value: string) => Buffer.from(`${code}${value}\0`, 'utf8');
  return message(
    'E',
    Buffer.concat([
      field('S', severity),
      field('V', severity),
      field('C', sqlstate),
      field('M', text),
      Buffer.from([0]),
    ]),
  );
}

const authenticationOk = () => message('R', Buffer.from([0, 0, 0, 0]));
/** ReadyForQuery: idle ('I') or in a transaction block ('T'). */
const readyForQuery = (state: 'I' | 'T' = 'I') => message('Z', Buffer.from(state, 'latin1'));
/** What PostgreSQL answers an extended-protocol BEGIN (Parse, Bind, Describe, Execute, Sync). */
const beginAnswered = () =>
  Buffer.concat([
    message('1', Buffer.alloc(0)), // ParseComplete
    message('2', Buffer.alloc(0)), // BindComplete
    message('n', Buffer.alloc(0)), // NoData
    message('C', Buffer.from('BEGIN\0', 'latin1')), // CommandComplete
    readyForQuery('T'),
  ]);

export async function startFakePostgres(behaviour: FakePostgresBehaviour): Promise<FakePostgres> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let started = false;
    let queries = 0;
    socket.on('data', () => {
      if (behaviour.kind === 'silent') return;
      if (!started) {
        // The first packet is the StartupMessage (postgres.js sends no SSLRequest without `ssl`).
        started = true;
        if (behaviour.kind === 'refuse-startup') {
          socket.end(errorResponse('FATAL', behaviour.sqlstate, behaviour.message));
          return;
        }
        socket.write(Buffer.concat([authenticationOk(), readyForQuery()]));
        return;
      }
      queries += 1;
      if (behaviour.kind === 'close-in-transaction' && queries === 1) {
        socket.write(beginAnswered());
        return;
      }
      if (behaviour.kind === 'close-on-query' || behaviour.kind === 'close-in-transaction') {
        socket.destroy();
        return;
      }
      if (behaviour.kind === 'fail-query') {
        const error = errorResponse(behaviour.severity, behaviour.sqlstate, behaviour.message);
        if (behaviour.severity === 'FATAL') socket.end(error);
        else socket.write(Buffer.concat([error, readyForQuery()]));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    url: `postgres://postgres@127.0.0.1:${address.port}/postgres`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A loopback port with nothing listening on it (the kernel picked it, then it was released). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
