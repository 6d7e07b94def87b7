// happy-dom lays nothing out, so every element is 0 pixels high and a virtualized list shows no rows.
// The scrolling lists a test names (by class) get a window's size, 960 × 720.
export function giveListsASize(...classNames: string[]): void {
  for (const property of ['clientHeight', 'clientWidth'] as const) {
    const original = Object.getOwnPropertyDescriptor(Element.prototype, property) ?? Object.getOwnPropertyDescriptor(HTMLElement.prototype, property);
    Object.defineProperty(HTMLElement.prototype, property, {
      configurable: true,
      get(this: HTMLElement) {
        if (classNames.some((name) => this.classList.contains(name))) return property === 'clientHeight' ? 720 : 960;
        return (original?.get?.call(this) as number | undefined) ?? 0;
      },
    });
  }
}
