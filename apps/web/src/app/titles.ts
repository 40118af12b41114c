import { PRODUCT_NAME } from '@asl/protocol';

const TITLES: Record<string, string> = {
  '/': 'Dashboard',
  '/dashboard': 'Dashboard',
  '/login': 'Sign In',
  '/register': 'Register',
  '/asl-world': 'ASL World',
  '/about-recognition': 'About Recognition',
  '/harmony': 'Harmony',
  '/reconnect': 'Reconnect',
  '/forgot-password': 'Forgot Password',
  '/reset-password': 'Reset Password',
  '/profile': 'Profile',
  '/settings': 'Settings',
};

/** Document titles of spec section 2, each with the product-name prefix. */
export function titleForPath(path: string): string {
  const page = TITLES[path];
  return page ? `${PRODUCT_NAME} | ${page}` : `${PRODUCT_NAME} | Sign Language Learning Platform`;
}
