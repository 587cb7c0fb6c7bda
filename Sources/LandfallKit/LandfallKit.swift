// LandfallKit: the app SDK. See LandfallKit.docc.
