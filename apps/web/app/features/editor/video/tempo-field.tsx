import { TextInput, type FieldErrors } from '../form-kit/fields';

/** The lesson's tempo (product.md#practice): the practice metronome clicks at it times the speed. */
export function TempoField({ tempo, errors }: { tempo: number | null; errors: FieldErrors }) {
  return (
    <TextInput
      name="video_tempo"
      label="Tempo (beats per minute)"
      hint="At full speed, for the practice metronome. Leave empty when the lesson has no steady beat."
      errors={errors}
      type="number"
      inputMode="numeric"
      min={30}
      max={300}
      step={1}
      defaultValue={tempo ?? ''}
      className="max-w-40"
    />
  );
}
