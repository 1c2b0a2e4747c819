import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';
import { freePort } from './replica-process';

const DOVECOT = '/usr/sbin/dovecot';
const USER = 'desk@sourcing.example';
const PASSWORD = 'p@ss/word#1';
const START_TIMEOUT_MS = 10_000;
/** Attempts at a free port: another process may take the one found before dovecot listens on it. */
const PORT_ATTEMPTS = 3;

/** A real IMAP server for tests: Debian's dovecot on 127.0.0.1, one user, its Maildir in a temp dir. */
export interface Dovecot {
  /** imap://user:pass@127.0.0.1:<port>/INBOX */
  url: string;
  /** Puts a raw message into a folder (default INBOX, created if missing), as a mail delivery would. */
  deliver(raw: string | Buffer, folder?: string): Promise<void>;
  /** The messages of a folder in UID order: uid, flags, and raw source (for asserting \Seen / moved). */
  messages(folder?: string): Promise<{ uid: number; flags: string[]; source: string }[]>;
  stop(): Promise<void>;
}

export interface DovecotOptions {
  /** false: the server does not announce IDLE, as some do not (clients then poll). */
  idle?: boolean;
}

/**
 * Starts dovecot (`dovecot -F`) with a configuration of its own in a temp dir, which also holds
 * its sockets, state and the Maildir, so instances of parallel test files never meet. It logs to
 * the test's stderr pipe, kept to explain a failed start. Resolves once it answers on its port.
 */
export async function startDovecot(options: DovecotOptions = {}): Promise<Dovecot> {
  if (!existsSync(DOVECOT)) {
    throw new Error(`${DOVECOT} is missing: install Debian's dovecot-imapd (apt-get install dovecot-imapd), as .ci/run does`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'sourcing-dovecot-'));
  try {
    const account = dovecotAccount();
    // Dovecot's own processes and the mail process run as `account`, which reads the password file
    // and writes the Maildir.
    chmodSync(dir, 0o755);
    mkdirSync(join(dir, 'mail'));
    chownSync(join(dir, 'mail'), account.uid, account.gid);
    writeFileSync(join(dir, 'passwd'), `${USER}:{PLAIN}${PASSWORD}::::::\n`, { mode: 0o644 });
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      writeFileSync(join(dir, 'dovecot.conf'), configuration(dir, port, account, options.idle ?? true));
      const started = await launch(dir, port);
      if ('process' in started) return harness(dir, port, started.process);
      if (attempt === PORT_ATTEMPTS || !started.output.includes('Address already in use')) {
        throw new Error(`dovecot did not start:\n${started.output}`);
      }
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Who dovecot's processes run as, mail included: under root `nobody` (dovecot serves no mail as
 * root, and `nobody` is on every system, unlike the users the Debian package adds); otherwise the
 * user running the tests, as in dovecot's rootless set-up (HowTo.Rootless in its docs).
 */
interface DovecotAccount {
  user: string;
  group: string;
  uid: number;
  gid: number;
}

function dovecotAccount(): DovecotAccount {
  const user = process.getuid?.() === 0 ? 'nobody' : userInfo().username;
  const id = (flag: string) => execFileSync('id', [flag, user], { encoding: 'utf8' }).trim();
  return { user, group: id('-gn'), uid: Number(id('-u')), gid: Number(id('-g')) };
}

/**
 * One IMAP listener on 127.0.0.1 (no IMAPS), plaintext logins, no chroot (a rootless run cannot
 * chroot). New mail is checked for every second during IDLE besides inotify, so IDLE answers
 * quickly wherever inotify does not reach; a wrong password is answered at once. Without `idle`,
 * the capabilities announced after login leave IDLE out.
 */
function configuration(dir: string, port: number, account: DovecotAccount, idle: boolean): string {
  return `protocols = imap
listen = 127.0.0.1
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = /dev/stderr
ssl = no
disable_plaintext_auth = no
default_internal_user = ${account.user}
default_internal_group = ${account.group}
default_login_user = ${account.user}
mail_uid = ${account.user}
mail_gid = ${account.group}
mail_location = maildir:${dir}/mail/%u
mailbox_idle_check_interval = 1 secs
auth_failure_delay = 0
passdb {
  driver = passwd-file
  args = ${dir}/passwd
}
userdb {
  driver = static
  args = home=${dir}/mail/%u
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
${idle ? '' : 'imap_capability = IMAP4rev1 LITERAL+ UIDPLUS MOVE NAMESPACE'}
`;
}

/** Runs dovecot, in a process group of its own, until it answers on the port (the process) or exits (what it said). */
async function launch(dir: string, port: number): Promise<{ process: ChildProcess } | { output: string }> {
  const child = spawn(DOVECOT, ['-F', '-c', join(dir, 'dovecot.conf')], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  const keep = (chunk: Buffer) => (output += String(chunk));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<'exited'>((resolve) => child.once('exit', () => resolve('exited')));
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const answer = await Promise.race([greeting(port), exited]);
    if (answer === 'exited') return { output };
    if (answer) return { process: child };
  }
  await stopProcess(child);
  return { output: `${output}\n(no answer on port ${port} within ${START_TIMEOUT_MS} ms)` };
}

/** Whether an IMAP server greets on the port; a refused or silent connection answers false after a short pause. */
function greeting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    let greeted = false;
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(1000, () => socket.destroy());
    socket.once('data', (data) => {
      greeted = String(data).startsWith('* OK');
      socket.destroy();
    });
    socket.on('error', () => {});
    socket.once('close', () => (greeted ? resolve(true) : setTimeout(() => resolve(false), 20)));
  });
}

/** Kills dovecot's whole process group: a test server has nothing to save, and SIGTERM lets its master wait for its children. */
function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    process.kill(-child.pid!, 'SIGKILL');
  });
}

function harness(dir: string, port: number, child: ChildProcess): Dovecot {
  /** One connection of the test user for one piece of work. */
  async function session<T>(work: (client: ImapFlow) => Promise<T>): Promise<T> {
    const client = new ImapFlow({ host: '127.0.0.1', port, secure: false, auth: { user: USER, pass: PASSWORD }, logger: false });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.logout();
    }
  }

  return {
    url: `imap://${encodeURIComponent(USER)}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${port}/INBOX`,
    deliver: (raw, folder = 'INBOX') =>
      session(async (client) => {
        if (folder !== 'INBOX') await client.mailboxCreate(folder);
        if (!(await client.append(folder, raw))) throw new Error(`could not append to ${folder}`);
      }),
    messages: (folder = 'INBOX') =>
      session(async (client) => {
        await client.mailboxOpen(folder);
        const messages = await client.fetchAll('1:*', { uid: true, flags: true, source: true });
        return messages
          .map((message) => ({ uid: message.uid, flags: [...(message.flags ?? [])], source: String(message.source) }))
          .sort((a, b) => a.uid - b.uid);
      }),
    async stop() {
      await stopProcess(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
