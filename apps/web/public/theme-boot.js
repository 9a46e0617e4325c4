// Applies the saved theme before the first paint, so a light-theme user never sees a dark flash.
// It is a file rather than an inline script because the content security policy allows only
// scripts from our own origin.
try {
  var saved = JSON.parse(localStorage.getItem('vela-preferences') || '{}');
  var theme = saved && saved.state && saved.state.theme;
  if (theme === 'light' || theme === 'dark') document.documentElement.className = 'theme-' + theme;
} catch {
  // A corrupt preference keeps the default theme.
}
