// The browser microphone as the line's 20 ms mu-law frames (the softphone's caller, and a staff member who takes a
// call over: decision 0055): echo cancellation, noise suppression and gain on, one channel, cut into frames by the
// `mic-frames` worklet.
import micWorkletUrl from "./mic-worklet.ts?worker&url";

export interface MicrophoneFrames {
  stream: MediaStream;
  node: AudioWorkletNode;
}

/**
 * Opens the microphone and sends each frame to `onFrame`. Null when the call ended meanwhile (`over`); throws when the
 * microphone is denied or absent, or the browser has no AudioWorklet.
 */
export async function openMicrophoneFrames(
  context: AudioContext,
  over: () => boolean,
  onFrame: (frame: Uint8Array) => void,
): Promise<MicrophoneFrames | null> {
  if (!navigator.mediaDevices?.getUserMedia) throw new Error("no media devices");
  const stream = await navigator.mediaDevices.getUserMedia({
    audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true, channelCount: 1 },
  });
  const stop = () => {
    for (const track of stream.getTracks()) track.stop();
  };
  if (over()) {
    stop();
    return null;
  }
  try {
    await context.audioWorklet.addModule(micWorkletUrl);
  } catch (error) {
    stop();
    throw error;
  }
  if (over()) {
    stop();
    return null;
  }
  const node = new AudioWorkletNode(context, "mic-frames", { numberOfInputs: 1, numberOfOutputs: 0 });
  node.port.onmessage = (message: MessageEvent<Uint8Array>) => onFrame(message.data);
  context.createMediaStreamSource(stream).connect(node);
  return { stream, node };
}
