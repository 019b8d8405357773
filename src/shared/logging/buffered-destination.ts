import pino, { DestinationStream } from 'pino';

/** Log lines are written in chunks of about this size under load... */
const CHUNK_BYTES = 4096;
/** ...and at least this often when traffic is light. */
const FLUSH_EVERY_MS = 250;
/** A reader that stops reading costs at most this much memory; later lines are dropped. */
const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;

/**
 * A log destination that writes in chunks off the main thread instead of one synchronous write
 * per line: with a request log line per request, that write was ~10% of a single-item request's
 * service CPU (bench A/B). Lines reach the file descriptor within FLUSH_EVERY_MS; on exit (the
 * shutdown hooks end in process.exit) pino flushes what is left; a SIGKILL can lose the last
 * quarter second, and a reader that stops reading loses lines past MAX_BUFFERED_BYTES.
 */
export function bufferedDestination(fd: number): DestinationStream {
  const destination = pino.destination({
    dest: fd,
    sync: false,
    minLength: CHUNK_BYTES,
    maxLength: MAX_BUFFERED_BYTES,
  });
  const timer = setInterval(() => {
    try {
      destination.flush();
    } catch {
      clearInterval(timer); // the destination was closed
    }
  }, FLUSH_EVERY_MS);
  timer.unref();
  return destination;
}

let stdout: DestinationStream | undefined;

/** The process's standard output as a buffered destination, one per process. */
export function bufferedStdout(): DestinationStream {
  return (stdout ??= bufferedDestination(1));
}
