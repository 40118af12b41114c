/**
 * The recogniser's held-out validation figures as the model card reports them (generated from
 * MODEL_CARD.md by tools/recognition/card-figures.ts), for the "About recognition" page.
 */
export { HELD_OUT_FIGURES, type HeldOutFigures } from '@asl/recognition/held-out-figures';
