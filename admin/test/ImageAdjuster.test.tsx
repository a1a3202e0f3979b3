// @vitest-environment happy-dom
import { DEFAULT_IMAGE_STYLES, type ImageStyles } from '@guia-fortim/domain';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ImageAdjuster } from '../src/images/ImageAdjuster.tsx';

afterEach(cleanup);

function Harness({ initial = DEFAULT_IMAGE_STYLES }: { initial?: ImageStyles }) {
  const [styles, setStyles] = useState<ImageStyles>({ ...initial });
  return (
    <>
      <ImageAdjuster
        imageUrl="/uploads/foto-card.jpg"
        value={styles}
        onChange={setStyles}
        title="Pousada do Rio"
      />
      <output data-testid="state">{JSON.stringify(styles)}</output>
    </>
  );
}

const state = () => JSON.parse(screen.getByTestId('state').textContent ?? '{}') as ImageStyles;
const previewImage = () => screen.getByAltText('Prévia: Pousada do Rio') as HTMLImageElement;
const slider = (label: string) => screen.getByLabelText(label, { selector: 'input' });

describe('image-position adjuster', () => {
  it('shows the live card preview with the default style', () => {
    render(<Harness />);
    expect(previewImage().getAttribute('src')).toBe('/uploads/foto-card.jpg');
    expect(previewImage().style.objectPosition).toBe('50% 50%');
    expect(previewImage().style.transform).toBe('scale(1) rotate(0deg)');
    expect(screen.getByText('Pousada do Rio')).toBeTruthy();
  });

  it('moving the sliders updates the preview at once, within the bounds', () => {
    render(<Harness />);
    fireEvent.change(slider('Posição horizontal'), { target: { value: '20' } });
    fireEvent.change(slider('Posição vertical'), { target: { value: '100' } });
    fireEvent.change(slider('Rotação'), { target: { value: '-45' } });
    fireEvent.change(slider('Zoom'), { target: { value: '2.3' } });
    expect(state()).toEqual({
      scale: 2.3,
      rotate: -45,
      positionX: 20,
      positionY: 100,
      objectFit: 'cover',
    });
    expect(previewImage().style.objectPosition).toBe('20% 100%');
    expect(previewImage().style.transform).toBe('scale(2.3) rotate(-45deg)');
  });

  it("the sliders carry the style's bounds and steps", () => {
    render(<Harness />);
    const bounds = (label: string) => {
      const input = slider(label);
      return [input.getAttribute('min'), input.getAttribute('max'), input.getAttribute('step')];
    };
    expect(bounds('Posição horizontal')).toEqual(['0', '100', '1']);
    expect(bounds('Zoom')).toEqual(['0.5', '3', '0.1']);
    expect(bounds('Rotação')).toEqual(['-45', '45', '1']);
  });

  it('the zoom preset sets 1.5 and Redefinir restores the defaults', () => {
    render(<Harness initial={{ ...DEFAULT_IMAGE_STYLES, positionX: 10, objectFit: 'contain' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Zoom 1.5x' }));
    expect(state().scale).toBe(1.5);
    expect(previewImage().style.transform).toBe('scale(1.5) rotate(0deg)');
    expect(previewImage().style.objectFit).toBe('contain');
    fireEvent.click(screen.getByRole('button', { name: 'Redefinir' }));
    // The default style: scale 1, rotate 0, position 50/50, cover.
    expect(state()).toEqual({
      scale: 1,
      rotate: 0,
      positionX: 50,
      positionY: 50,
      objectFit: 'cover',
    });
    expect(previewImage().style.objectPosition).toBe('50% 50%');
    expect(previewImage().style.transform).toBe('scale(1) rotate(0deg)');
    expect(previewImage().style.objectFit).toBe('cover');
  });
});
