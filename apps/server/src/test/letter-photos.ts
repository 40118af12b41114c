/**
 * Real photos (Massey ASL data set, signers hand1/hand2) that the recogniser reads as their
 * letter: used to sign words to the practice session in integration and browser tests.
 * Recognition accuracy itself is measured on unseen signers by `npm run eval:recognizer`.
 */
export const LETTER_PHOTOS: Record<string, string> = {
  A: 'photos/massey/asl_dataset/a/hand1_a_dif_seg_2_cropped.jpeg',
  B: 'photos/massey/asl_dataset/b/hand2_b_dif_seg_4_cropped.jpeg',
  C: 'photos/massey/asl_dataset/c/hand2_c_dif_seg_2_cropped.jpeg',
  E: 'photos/massey/asl_dataset/e/hand1_e_dif_seg_2_cropped.jpeg',
  F: 'photos/massey/asl_dataset/f/hand1_f_dif_seg_2_cropped.jpeg',
  H: 'photos/massey/asl_dataset/h/hand2_h_top_seg_2_cropped.jpeg',
  I: 'photos/massey/asl_dataset/i/hand1_i_top_seg_4_cropped.jpeg',
  L: 'photos/massey/asl_dataset/l/hand1_l_left_seg_3_cropped.jpeg',
  N: 'photos/massey/asl_dataset/n/hand1_n_left_seg_3_cropped.jpeg',
  O: 'photos/massey/asl_dataset/o/hand2_o_left_seg_2_cropped.jpeg',
  P: 'photos/massey/asl_dataset/p/hand1_p_dif_seg_5_cropped.jpeg',
  S: 'photos/massey/asl_dataset/s/hand1_s_dif_seg_2_cropped.jpeg',
  T: 'photos/massey/asl_dataset/t/hand1_t_dif_seg_2_cropped.jpeg',
  U: 'photos/massey/asl_dataset/u/hand1_u_dif_seg_2_cropped.jpeg',
  Y: 'photos/massey/asl_dataset/y/hand2_y_bot_seg_4_cropped.jpeg',
};
