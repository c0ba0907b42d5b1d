import { createTheme, DEFAULT_THEME, Drawer, Menu, Modal, Notification } from '@mantine/core';
import type { MantineColorsTuple } from '@mantine/core';

/**
 * Mantine's palettes with the shades that carry text made dark enough for WCAG 2.2 AA (4.5:1 for
 * normal text), checked in the browser tests with axe-core (e2e/accessibility-desktop.e2e.ts and accessibility-phone.e2e.ts).
 *
 * - gray 6 is `--mantine-color-dimmed` (secondary text, `c="dimmed"`, input descriptions,
 *   notification bodies) and `c="gray.6"`: Mantine's #868e96 is 3.3:1 on white; #636b73 is 5.4:1
 *   on white and at least 4.8:1 on the light tints it sits on (gray 0–1, violet 0).
 * - red 6 is the filled shade (a red Button or Badge with white text), the text of
 *   `color="red"` (a red Menu.Item) and `--mantine-color-error`: #fa5252 is 3.3:1 against white;
 *   shades 6–9 are about one step darker (red 6 is now 5:1).
 * Violet keeps its shades: white on violet 6 (the filled primary) is already 4.95:1, and light
 * variants (Badge, ThemeIcon, Alert) draw shade 9 on shade 1.
 */
const base = DEFAULT_THEME.colors;

const gray: MantineColorsTuple = [base.gray[0], base.gray[1], base.gray[2], base.gray[3], base.gray[4], base.gray[5], '#636b73', base.gray[7], base.gray[8], base.gray[9]];

const red: MantineColorsTuple = [base.red[0], base.red[1], base.red[2], base.red[3], base.red[4], base.red[5], '#d32f2f', '#c62828', '#b71c1c', '#9a1717'];

export const theme = createTheme({
  primaryColor: 'violet',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
  defaultRadius: 'md',
  colors: { gray, red },
  components: {
    // Icon-only close buttons get a name (axe: button-name); a dialog may still pass its own.
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } }),
    // Mantine puts a role="presentation" tabindex="-1" focus placeholder inside role="menu", which
    // may only hold menu items (axe: aria-required-children). Without it, the focus trap takes the
    // dropdown itself and the arrow keys move to the items as before.
    Menu: Menu.extend({ defaultProps: { withInitialFocusPlaceholder: false } }),
  },
});
