/**
 * The end of a One Minute Changes round, heard (product.md#one-minute-changes): three short high
 * beeps made with Web Audio, no sound file. The context is made when the learner starts the minute
 * (a tap, so the browser lets it sound) and passed here when the minute ends.
 */
export function createBeeper(): AudioContext | null {
  if (typeof AudioContext === 'undefined') return null;
  try {
    return new AudioContext();
  } catch {
    return null;
  }
}

export function playEndBeep(context: AudioContext | null): void {
  if (!context) return;
  void context.resume();
  const start = context.currentTime + 0.02;
  for (let i = 0; i < 3; i++) {
    const at = start + i * 0.18;
    const osc = context.createOscillator();
    const gain = context.createGain();
    osc.type = 'sine';
    osc.frequency.value = i === 2 ? 1320 : 880;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.4, at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.14);
    osc.connect(gain).connect(context.destination);
    osc.start(at);
    osc.stop(at + 0.15);
  }
}
