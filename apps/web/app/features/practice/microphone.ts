/**
 * The microphone for the practice tools (ADR 0065): read in this tab through an AnalyserNode, never
 * uploaded. The tuner and One Minute Changes' strum counter share how it is opened and what a
 * refusal means, so both pages say the same thing when the browser says no.
 */

export type MicProblem = 'denied' | 'no-mic' | 'unsupported' | 'error';

export interface OpenMicrophone {
  context: AudioContext;
  analyser: AnalyserNode;
  /** Stops the tracks and closes the audio context. */
  close: () => void;
}

export async function openMicrophone(fftSize: number): Promise<OpenMicrophone | { problem: MicProblem }> {
  if (!navigator.mediaDevices?.getUserMedia || typeof AudioContext === 'undefined') return { problem: 'unsupported' };
  let stream: MediaStream;
  try {
    // Raw sound: the browser's voice-call processing flattens a guitar's attack and pitch.
    stream = await navigator.mediaDevices.getUserMedia({
      audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false },
    });
  } catch (err) {
    const name = (err as { name?: string }).name;
    return {
      problem: name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : name === 'NotFoundError' ? 'no-mic' : 'error',
    };
  }
  try {
    const context = new AudioContext();
    const source = context.createMediaStreamSource(stream);
    const analyser = context.createAnalyser();
    analyser.fftSize = fftSize;
    source.connect(analyser);
    return {
      context,
      analyser,
      close: () => {
        stream.getTracks().forEach((track) => track.stop());
        void context.close();
      },
    };
  } catch {
    stream.getTracks().forEach((track) => track.stop());
    return { problem: 'error' };
  }
}
