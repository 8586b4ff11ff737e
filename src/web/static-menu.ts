/**
 * The only script of the pre-rendered landing page (docs/decisions/012-static-landing.md):
 * opens and closes the mobile menu that TopNav renders hidden, as TopNav does
 * in the app — the button's state and label, its icon, Escape to close with focus
 * back on the button — and, like TopNav, shows the signed-in header ('Dashboard'
 * instead of 'Sign In' and 'Join Waitlist') when the server's 'signed in' hint
 * cookie is there (docs/product/public-site.md#navigation). It runs after the first
 * paint (a module script) and asks the server nothing.
 * Every link on the page is a plain link; the app loads on the page it leads to.
 */
// The check of hasSignedInHint (src/domain/signed-in-hint.ts), written out: an import would be split into a second
// script shared with the app, and this page loads one.
if (document.cookie.split(/;\s*/).includes('signed_in=1')) {
  for (const part of document.querySelectorAll<HTMLElement>('[data-session]')) part.hidden = part.dataset.session !== 'in';
}

const button = document.querySelector<HTMLButtonElement>('button[aria-controls="mobile-menu"]');
const menu = document.getElementById('mobile-menu');

if (button && menu) {
  const show = (open: boolean) => {
    menu.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
    button.setAttribute('aria-label', open ? 'Close menu' : 'Open menu');
    for (const icon of button.querySelectorAll<HTMLElement>('[data-menu-icon]')) {
      const isClose = icon.dataset.menuIcon === 'close';
      icon.hidden = isClose ? !open : open;
    }
  };
  button.addEventListener('click', () => show(menu.hidden !== false));
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !menu.hidden) {
      show(false);
      button.focus();
    }
  });
}
