/** A sidebar item is highlighted when the path equals it or continues below it. */
export function isActivePath(currentPath: string, itemPath: string): boolean {
  return currentPath === itemPath || currentPath.startsWith(`${itemPath}/`);
}
