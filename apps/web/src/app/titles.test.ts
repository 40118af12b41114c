import { describe, expect, it } from 'vitest';
import { titleForPath } from './titles';

describe('titleForPath', () => {
  it('names each route with the product prefix', () => {
    expect(titleForPath('/')).toBe('SignSpeak | Dashboard');
    expect(titleForPath('/dashboard')).toBe('SignSpeak | Dashboard');
    expect(titleForPath('/login')).toBe('SignSpeak | Sign In');
    expect(titleForPath('/register')).toBe('SignSpeak | Register');
    expect(titleForPath('/asl-world')).toBe('SignSpeak | ASL World');
    expect(titleForPath('/about-recognition')).toBe('SignSpeak | About Recognition');
    expect(titleForPath('/harmony')).toBe('SignSpeak | Harmony');
    expect(titleForPath('/reconnect')).toBe('SignSpeak | Reconnect');
    expect(titleForPath('/what')).toBe('SignSpeak | Sign Language Learning Platform');
  });
});
