import type { Menu as MantineMenu, MenuProps } from '@mantine/core';
import {
  cloneElement,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { whenIdleAfterLoad } from '../../lib/when-idle-after-load.ts';
import { useIsInIsland } from '../island/island.tsx';

type MenuComponent = typeof MantineMenu;

/** How the header's menus open: under the trigger's right edge, in a portal, focus on the first item. */
const HEADER_MENU_DEFAULTS = {
  position: 'bottom-end',
  withinPortal: true,
  hideDetached: false,
  withInitialFocusPlaceholder: false,
} satisfies Partial<MenuProps>;

let loadedMenu: MenuComponent | null = null;
let loading: Promise<MenuComponent> | null = null;

/** Fetches the menu's code once for every deferred menu; a failed fetch is tried again next time. */
export function loadMenu(): Promise<MenuComponent> {
  loading ??= import('./menu.ts').then(
    ({ Menu }) => {
      loadedMenu = Menu;
      return Menu;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

type TriggerProps = { onClick?: (event: unknown) => void; onKeyDown?: (event: KeyboardEvent) => void };

type DeferredMenuProps = Omit<MenuProps, 'children' | 'opened' | 'onChange'> & {
  /** The button that opens the menu, shown alone until the menu's code is in. */
  target: ReactElement<TriggerProps>;
  /** The dropdown's items, built with the loaded Menu (`Menu.Item`, `Menu.Label`, `Menu.Divider`). */
  children: (menu: MenuComponent) => ReactNode;
};

/**
 * A Mantine Menu whose code (Menu, Popover, floating-ui, focus trap: about 25 KB gzip) stays out of the
 * initial JS (decision 016). Its trigger is a plain menu button until the code arrives, fetched when the
 * page is idle after loading, or at once on hover, focus or a first press; a press before then opens the
 * menu as soon as it can. Enter, Space and ArrowDown open it, loaded or not. On a prerendered page (an
 * island, decision 039) only hover, focus or a press fetch it.
 */
export function DeferredMenu({ target, children, ...menuProps }: DeferredMenuProps) {
  const [Menu, setMenu] = useState<MenuComponent | null>(() => loadedMenu);
  const isInIsland = useIsInIsland();
  const [opened, setOpened] = useState(false);
  const triggerRef = useRef<HTMLElement>(null);
  // What passes from the plain trigger to the real one: its focus and an open asked for before the code came.
  const handOver = useRef({ hasFocus: false, isOpenRequested: false });
  // A press (pointer or Space) under way on the plain trigger: swapping it now would lose the press's click.
  const isPressed = useRef(false);

  // Only refs and a state setter inside: one function for the component's life.
  const load = useCallback(() => {
    loadMenu().then(
      (menu) => {
        if (isPressed.current) return; // the release loads again and swaps then
        handOver.current.hasFocus = document.activeElement === triggerRef.current;
        setMenu(() => menu);
      },
      // The trigger stays a plain button; the next press asks again.
      () => undefined,
    );
  }, []);

  useEffect(() => (Menu || isInIsland ? undefined : whenIdleAfterLoad(load)), [Menu, isInIsland, load]);

  useEffect(() => {
    if (!Menu) return;
    const { hasFocus, isOpenRequested } = handOver.current;
    handOver.current = { hasFocus: false, isOpenRequested: false };
    // The real trigger replaced the plain one: focus it first, so that the menu gives focus back to it on close.
    if (hasFocus || isOpenRequested) triggerRef.current?.focus();
    if (isOpenRequested) setOpened(true);
  }, [Menu]);

  const open = () => {
    if (Menu) {
      setOpened(true);
      return;
    }
    handOver.current.isOpenRequested = true;
    load();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    target.props.onKeyDown?.(event);
    if (event.key !== 'ArrowDown' || opened) return;
    event.preventDefault();
    open();
  };

  const press = () => {
    isPressed.current = true;
    load();
  };
  const release = () => {
    if (!isPressed.current) return;
    isPressed.current = false;
    load();
  };

  if (!Menu) {
    return cloneElement(target, {
      ref: triggerRef,
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      onClick: (event: unknown) => {
        target.props.onClick?.(event);
        open();
      },
      onKeyDown: (event: KeyboardEvent) => {
        if (event.key === ' ') press();
        onKeyDown(event);
      },
      onKeyUp: (event: KeyboardEvent) => {
        if (event.key === ' ') release();
      },
      onFocus: load,
      onBlur: release,
      onPointerEnter: load,
      onPointerDown: press,
      onPointerUp: release,
      onPointerCancel: release,
      onPointerLeave: release,
    } as TriggerProps);
  }

  return (
    <Menu {...HEADER_MENU_DEFAULTS} {...menuProps} opened={opened} onChange={setOpened}>
      <Menu.Target>{cloneElement(target, { ref: triggerRef, onKeyDown } as TriggerProps)}</Menu.Target>
      <Menu.Dropdown>{children(Menu)}</Menu.Dropdown>
    </Menu>
  );
}
