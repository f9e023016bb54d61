// The call's recording (docs/architecture.md "Voice pipeline", its recordings; decisions 0030, 0032): the caller's
// frames in on the left, the agent's on the right, each at its place on the call's timeline. A recording that cannot
// be opened or written (a full disk) stops for the rest of the call, never the call itself: the failure is reported
// once, and the call's record says the recording failed.
import type { CallRecorder } from "../pipeline";

export class CallRecording {
  private recorder: CallRecorder | null = null;
  /** The recording could not be opened or written. */
  failed = false;

  constructor(private readonly onFailure: (error: unknown) => void) {}

  /** Opens the recording (null: recordings are off); a failure leaves the call without one. */
  open(open: () => CallRecorder | null): void {
    try {
      this.recorder = open();
    } catch (error) {
      this.fail(error);
    }
  }

  /** A frame of the caller's audio at `atMs` on the call's timeline. */
  caller(mulaw: Uint8Array, atMs: number): void {
    this.write((recorder) => recorder.writeCaller(mulaw, atMs));
  }

  /** A frame of the agent's audio at `atMs` on the call's timeline. */
  agent(mulaw: Uint8Array, atMs: number): void {
    this.write((recorder) => recorder.writeAgent(mulaw, atMs));
  }

  /** Closes the file; answers whether it holds any audio (a failure answers false). */
  async close(): Promise<boolean> {
    const recorder = this.recorder;
    this.recorder = null;
    if (!recorder) return false;
    try {
      return (await recorder.close()).bytes > 44;
    } catch (error) {
      this.fail(error);
      return false;
    }
  }

  private write(write: (recorder: CallRecorder) => void): void {
    const recorder = this.recorder;
    if (!recorder) return;
    try {
      write(recorder);
    } catch (error) {
      this.recorder = null;
      // What was opened is released; its own failure says nothing new.
      void Promise.resolve()
        .then(() => recorder.close())
        .catch(() => undefined);
      this.fail(error);
    }
  }

  private fail(error: unknown): void {
    if (this.failed) return;
    this.failed = true;
    this.onFailure(error);
  }
}
