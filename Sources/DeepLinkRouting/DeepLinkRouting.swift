// The router lands here (issue 3).
