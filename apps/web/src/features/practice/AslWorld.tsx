import { AslWorldPage } from './AslWorldPage';
import { StoryPractice } from './story/StoryPractice';

/** ASL World as routed: the live camera page with story practice in its panel. */
export function AslWorld() {
  return <AslWorldPage storyPanel={(live) => <StoryPractice live={live} />} />;
}
