/**
 * The ribbon's function file. The "Payroll" button only shows the task pane (a ShowTaskpane action), so there are
 * no ExecuteFunction commands; Office still requires the file to load and call Office.onReady.
 */
void Office.onReady();
