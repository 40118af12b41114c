import { FONT_SIZES_PX } from '@asl/protocol';
import { updateAccessibility, usePreferences, type FontSize } from './preferences';

const LABELS: Record<FontSize, string> = { small: 'Small', medium: 'Medium', large: 'Large', xlarge: 'Extra large' };

export function AccessibilitySettingsForm() {
  const { accessibility: a } = usePreferences();
  return (
    <section className="card" aria-labelledby="a11y-title">
      <h2 id="a11y-title">Accessibility</h2>
      <fieldset className="radio-row">
        <legend>Text size</legend>
        {(Object.keys(FONT_SIZES_PX) as FontSize[]).map((size) => (
          <label key={size} className="radio">
            <input
              type="radio"
              name="fontSize"
              value={size}
              checked={a.fontSize === size}
              onChange={() => updateAccessibility({ fontSize: size })}
            />
            {LABELS[size]} ({FONT_SIZES_PX[size]} px)
          </label>
        ))}
      </fieldset>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={a.reducedMotion}
          onChange={(e) => updateAccessibility({ reducedMotion: e.target.checked })}
        />
        Reduce motion
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={a.highContrast}
          onChange={(e) => updateAccessibility({ highContrast: e.target.checked })}
        />
        High contrast
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={a.screenReader}
          onChange={(e) => updateAccessibility({ screenReader: e.target.checked })}
        />
        Screen reader mode (practice says each new reading at once, without waiting for a pause)
      </label>
    </section>
  );
}
