// The microphone's AudioWorklet: runs on the audio rendering thread, takes the context's 128-sample blocks, brings
// them down to 8 kHz mu-law and posts whole 20 ms frames (160 bytes) to the page, which sends them on the socket.
// Loaded with `audioWorklet.addModule` from our own origin (the CSP's script-src 'self' admits it); Vite bundles it
// with its imports into one file (`?worker&url`).
import { encodeMulaw } from "@atende/shared/mulaw";
import { Downsampler, FrameAssembler, toInt16 } from "./audio";

// The AudioWorkletGlobalScope's names; TypeScript's DOM library does not declare that scope.
declare const sampleRate: number;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}
declare function registerProcessor(name: string, processor: new () => AudioWorkletProcessor): void;

class MicProcessor extends AudioWorkletProcessor {
  private readonly downsampler = new Downsampler(sampleRate);
  private readonly frames = new FrameAssembler();

  process(inputs: Float32Array[][]): boolean {
    const channels = inputs[0];
    const first = channels?.[0];
    // No input connected yet (or the track ended): keep the node alive, nothing to send.
    if (!channels || !first) return true;
    let mono = first;
    if (channels.length > 1) {
      // A stereo device: the average of its channels.
      mono = new Float32Array(first.length);
      for (let i = 0; i < mono.length; i++) {
        let sum = 0;
        for (const channel of channels) sum += channel[i] ?? 0;
        mono[i] = sum / channels.length;
      }
    }
    const mulaw = encodeMulaw(toInt16(this.downsampler.push(mono)));
    for (const frame of this.frames.push(mulaw)) this.port.postMessage(frame, [frame.buffer]);
    return true;
  }
}

registerProcessor("mic-frames", MicProcessor);
