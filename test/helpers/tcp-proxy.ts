import net from 'node:net';

/**
 * A TCP proxy on loopback in front of a real service (MariaDB, Redis), for tests of that service going
 * away: `close()` refuses connections and cuts the open ones (the server is down), `mode = 'blackhole'`
 * keeps connections open but lets no byte through (a network that drops packets), `open()` brings it
 * back on the same port. While black-holed it keeps what clients sent, so a test can count commands.
 */
export class TcpProxy {
  mode: 'pass' | 'blackhole' = 'pass';
  /** What clients sent while the proxy was a black hole, as latin1 text. */
  swallowed = '';
  private server?: net.Server;
  private readonly sockets = new Set<net.Socket>();

  /** `port` 0 takes a free port at the first `open()` and keeps it afterwards. */
  constructor(
    private readonly target: { host: string; port: number },
    public port = 0,
  ) {}

  async open(): Promise<void> {
    this.mode = 'pass';
    this.server = net.createServer((downstream) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const s of [downstream, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      downstream.on('data', (chunk: Buffer) => {
        if (this.mode === 'pass') upstream.write(chunk);
        else this.swallowed += chunk.toString('latin1');
      });
      upstream.on('data', (chunk: Buffer) => {
        if (this.mode === 'pass') downstream.write(chunk);
      });
      downstream.on('close', () => upstream.destroy());
      upstream.on('close', () => downstream.destroy());
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server!.close(() => resolve()));
    for (const s of this.sockets) s.destroy();
    await closed;
  }
}
