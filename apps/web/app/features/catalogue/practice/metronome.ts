/**
 * The practice metronome (product.md#practice): short clicks made with Web Audio, scheduled a
 * little ahead of time so they stay even while the page is busy. No sound file is downloaded.
 */
export class Metronome {
  private ctx: AudioContext | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private next = 0;
  private beat = 0;
  private bpm = 60;

  private audio(): AudioContext | null {
    if (typeof window === 'undefined' || !('AudioContext' in window)) return null;
    this.ctx ??= new AudioContext();
    if (this.ctx.state === 'suspended') void this.ctx.resume();
    return this.ctx;
  }

  private click(at: number, accent: boolean) {
    const ctx = this.ctx;
    if (!ctx) return;
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = accent ? 1600 : 1000;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.5, at + 0.002);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.05);
    osc.connect(gain).connect(ctx.destination);
    osc.start(at);
    osc.stop(at + 0.06);
  }

  get running(): boolean {
    return this.timer !== null;
  }

  setBpm(bpm: number) {
    this.bpm = Math.max(20, Math.min(400, bpm));
  }

  start(bpm: number) {
    this.setBpm(bpm);
    const ctx = this.audio();
    if (!ctx || this.timer) return;
    this.next = ctx.currentTime + 0.05;
    this.beat = 0;
    this.timer = setInterval(() => {
      while (this.next < ctx.currentTime + 0.12) {
        this.click(this.next, this.beat % 4 === 0);
        this.next += 60 / this.bpm;
        this.beat += 1;
      }
    }, 25);
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** `beats` clicks at `bpm`, the first accented; resolves when the last beat is over. */
  countIn(beats: number, bpm: number): Promise<void> {
    const ctx = this.audio();
    const interval = 60 / Math.max(20, bpm);
    if (ctx) for (let i = 0; i < beats; i += 1) this.click(ctx.currentTime + 0.05 + i * interval, i === 0);
    return new Promise((resolve) => setTimeout(resolve, (beats * interval + 0.05) * 1000));
  }

  close() {
    this.stop();
    void this.ctx?.close().catch(() => undefined);
    this.ctx = null;
  }
}
